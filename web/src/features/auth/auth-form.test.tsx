import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithApp } from "@/test/render";
import { SignUpForm } from "./auth-form";

afterEach(cleanup);

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("sign-up form", () => {
  it("shows 'Passwords do not match' and disables submit on a mismatch", () => {
    renderWithApp(<SignUpForm />);
    fill(/^email$/i, "new@example.com");
    fill(/^password$/i, "secret1");
    fill(/confirm password/i, "secret2");
    expect(screen.getByRole("alert").textContent).toBe("Passwords do not match");
    expect((screen.getByRole("button", { name: /create account/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("enables submit once the passwords match", () => {
    renderWithApp(<SignUpForm />);
    fill(/^password$/i, "secret1");
    fill(/confirm password/i, "secret1");
    expect(screen.queryByText("Passwords do not match")).toBeNull();
    expect((screen.getByRole("button", { name: /create account/i }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps submit disabled for a password shorter than 6 characters", () => {
    renderWithApp(<SignUpForm />);
    fill(/^password$/i, "abc");
    fill(/confirm password/i, "abc");
    expect((screen.getByRole("button", { name: /create account/i }) as HTMLButtonElement).disabled).toBe(true);
  });
});
