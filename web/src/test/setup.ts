import "@testing-library/dom";
