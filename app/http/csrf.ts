/** The hidden field every POST form of ours carries (app/components/ui/csrf-field.tsx). */
export const CSRF_FIELD = "_csrf";
