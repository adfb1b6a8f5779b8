import { Form, useLocation } from "@remix-run/react";
import { dirOf } from "../../i18n/lang";
import { useLang, useRootData, useUi } from "../../root-data";
import { CsrfField } from "../ui/csrf-field";

/**
 * A notice above the header when the browser prefers the other language and the visitor has not
 * chosen one: a plain link to the same page in that language, and a dismiss that is a form post
 * (works without JavaScript) remembering the page's language. Written in the suggested language.
 * Accept-Language only ever leads here, never to a redirect (docs/decisions/017-…).
 */
export function LanguageSuggestion() {
  const suggestion = useRootData()?.languageSuggestion;
  const ui = useUi();
  const lang = useLang();
  const location = useLocation();
  if (!suggestion) return null;
  return (
    <aside
      lang={suggestion.lang}
      dir={dirOf(suggestion.lang)}
      aria-label={ui.language.suggestionLabel}
      data-testid="language-suggestion"
      className="border-b border-amber-300 bg-amber-50 text-navy-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p>{ui.language.suggestion}</p>
        <a
          href={suggestion.href}
          hrefLang={suggestion.lang}
          className="inline-flex min-h-11 items-center font-semibold text-navy-900 underline underline-offset-2"
        >
          {ui.language.suggestionLink}
        </a>
        <Form method="post" action="/language" className="ms-auto">
          <CsrfField />
          <input type="hidden" name="lang" value={lang} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-navy-900 hover:bg-amber-100"
          >
            {ui.language.suggestionDismiss}
          </button>
        </Form>
      </div>
    </aside>
  );
}
