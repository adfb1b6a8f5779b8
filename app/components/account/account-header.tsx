import { LocalizedLink } from "../layout/localized-link";
import { buttonClasses } from "../ui/button";
import { SignOutForm } from "./sign-out-form";

/**
 * The top of the dashboard: page title, "Welcome back, {name}", and the Settings and Sign Out
 * buttons. `welcome` arrives already filled in by the loader.
 */
export function AccountHeader({
  title,
  welcome,
  settingsLabel,
  signOutLabel,
}: {
  title: string;
  welcome: string;
  settingsLabel: string;
  signOutLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
        <p className="mt-1 text-lg text-slate-700" data-testid="welcome">
          {welcome}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <LocalizedLink to="/dashboard/settings" className={buttonClasses("secondary", "sm")}>
          {settingsLabel}
        </LocalizedLink>
        <SignOutForm label={signOutLabel} />
      </div>
    </div>
  );
}
