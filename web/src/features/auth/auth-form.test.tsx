import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithApp } from "@/test/render";
import { AuthTabs } from "./auth-form";

afterEach(cleanup);

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("sign-up form", () => {
  it("shows 'Passwords do not match' and disables submit on a mismatch", () => {
    renderWithApp(<AuthTabs defaultTab="signup" />);
    fill(/^email$/i, "new@example.com");
    fill(/^password$/i, "secret1");
    fill(/confirm password/i, "secret2");
    expect(screen.getByRole("alert").textContent).toBe("Passwords do not match");
    expect((screen.getByRole("button", { name: /create account/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("enables submit once the passwords match", () => {
    renderWithApp(<AuthTabs defaultTab="signup" />);
    fill(/^password$/i, "secret1");
    fill(/confirm password/i, "secret1");
    expect(screen.queryByText("Passwords do not match")).toBeNull();
    expect((screen.getByRole("button", { name: /create account/i }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps submit disabled for a password shorter than 6 characters", () => {
    renderWithApp(<AuthTabs defaultTab="signup" />);
    fill(/^password$/i, "abc");
    fill(/confirm password/i, "abc");
    expect((screen.getByRole("button", { name: /create account/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("requires the 13+ and terms confirmation: the box is required, and Continue with Google asks for it first", () => {
    renderWithApp(<AuthTabs defaultTab="signup" />);
    const box = screen.getByLabelText(/I confirm that I am 13 or older and I accept the Terms of Service/) as HTMLInputElement;
    expect(box.required).toBe(true);
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: /continue with google/i }));
    expect(screen.getByRole("alert").textContent).toBe("Please confirm that you are 13 or older and accept the Terms of Service.");
    fireEvent.click(box);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("sign-in form", () => {
  it("Tab goes email → password → Sign In → Forgot password? (issue 35)", () => {
    renderWithApp(<AuthTabs defaultTab="login" />);
    const form = screen.getByRole("form", { name: "Sign in" });
    const tabbable = [...form.querySelectorAll<HTMLElement>("input, button, a[href]")].filter((el) => el.tabIndex >= 0);
    expect(tabbable.map((el) => el.getAttribute("type") ?? el.textContent)).toEqual(["email", "password", "submit", "Forgot password?"]);
  });
});
