// npm run admin:create -- --email you@example.com --password '…' [--name 'Full Name'] [--reset-two-factor]
// Creates an admin account, or promotes the existing account of that e-mail (and sets its password).
// The admin must set up two-factor sign-in at the first sign-in; --reset-two-factor makes an existing
// admin who lost their authenticator and recovery codes set it up again.
// With the embedded database, run it while the server is stopped.
import { createOrPromoteAdmin } from "../app/auth/accounts.server";
import { isCommonPassword } from "../app/auth/common-passwords.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../app/auth/schemas.server";
import { CliError, cliOptions, runCli } from "./cli";

const options = cliOptions();

await runCli("admin:create", async () => {
  const email = options.email?.trim();
  const password = options.password;
  if (!email || !password || email === "true" || password === "true") {
    throw new CliError(
      "Usage: npm run admin:create -- --email you@example.com --password 'a long password' [--name 'Full Name'] [--reset-two-factor]",
    );
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 100)
    throw new CliError(`admin:create: "${email}" is not an e-mail address.`);
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new CliError(
      `admin:create: the password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    );
  }
  if (isCommonPassword(password))
    throw new CliError("admin:create: that password is one of the most common ones; choose another.");
  const resetTwoFactor = options["reset-two-factor"] !== undefined;
  const { user, created } = await createOrPromoteAdmin({
    email,
    password,
    name: options.name && options.name !== "true" ? options.name : null,
    resetTwoFactor,
  });
  console.log(
    created
      ? `Admin account created: ${user.email}`
      : `Existing account promoted to admin (password set, its sessions ended): ${user.email}`,
  );
  if (!user.totpEnabledAt)
    console.log(
      "At the first sign-in the admin sets up two-factor authentication (an authenticator app) before any admin page opens.",
    );
});
