import type { AppLoadContext } from "@remix-run/node";
import { handleLeadForm } from "./lead-action.server";
import { inquirySchema } from "./inquiry.server";

/** The inquiry form's action (POST /inquiry, /ar/inquiry). */
export function inquiryAction(request: Request, context: Pick<AppLoadContext, "clientAddress">) {
  return handleLeadForm({
    request,
    context,
    formId: "inquiry",
    anchor: "inquiry-form",
    schema: inquirySchema,
    toLead: (value, lang, sourcePageUrl) => ({
      kind: "inquiry",
      fullName: value.fullName,
      email: value.email,
      phone: value.phone,
      country: value.country,
      documentId: value.documentId,
      serviceType: value.serviceType,
      message: value.message,
      sourcePageUrl,
      submissionId: value.submissionId,
      lang,
    }),
  });
}
