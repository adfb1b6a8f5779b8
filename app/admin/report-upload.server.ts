import { objectStoreUnavailableResponse, ObjectStoreUnavailable, withStoredFiles } from "../documents/documents.server";
import { backofficeText } from "../content/backoffice.server";
import { once, submissionKeyOf } from "../forms/submission-keys.server";
import { redirectWithToast } from "../forms/toast.server";
import { notFound } from "../http/http.server";
import { fill } from "../i18n/fill";
import type { Lang } from "../i18n/lang";
import { attachReport } from "../orders/order-documents.server";
import { parseUploadForm, REPORT_UPLOAD_LIMITS, UploadRejected } from "../orders/uploads.server";

/**
 * A report uploaded on an admin's order page (multipart): attached once per submission key (an
 * upload sent again after its answer was lost is not attached twice), then back to `back` with a toast.
 */
export async function uploadReport(
  request: Request,
  { orderId, actorId, lang, back }: { orderId: string; actorId: string; lang: Lang; back: string },
) {
  const t = backofficeText[lang].adminOrder;
  let parsed;
  try {
    parsed = await parseUploadForm(request, "report", REPORT_UPLOAD_LIMITS);
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    return redirectWithToast(
      back,
      { kind: "error", title: fill(t.reportErrors["too-large"]!, { file: t.reportFile }) },
      { status: 303 },
    );
  }
  const problem = parsed.problems[0];
  if (problem) {
    const key = problem.kind === "invalid-type" ? "not-pdf" : "too-large";
    return redirectWithToast(
      back,
      { kind: "error", title: fill(t.reportErrors[key]!, { file: "fileName" in problem ? problem.fileName : "" }) },
      { status: 303 },
    );
  }
  const file = parsed.files[0];
  if (!file) return redirectWithToast(back, { kind: "error", title: t.reportErrors.missing! }, { status: 303 });
  // Once per submission key: an upload sent again after its answer was lost is not attached twice.
  // With a bucket configured the report is written there first, and removed if it is not attached.
  let result;
  try {
    ({ result } = await withStoredFiles([file], ([placed]) =>
      once(submissionKeyOf(parsed.fields, `report:${orderId}`), (tx) =>
        attachReport(
          { orderId, fileName: file.fileName, data: file.data, storageKey: placed!.storageKey, actorId },
          tx,
        ),
      ),
    ));
  } catch (error) {
    if (!(error instanceof ObjectStoreUnavailable)) throw error;
    return objectStoreUnavailableResponse(lang, "upload", error);
  }
  if (!result.ok) {
    if (result.error === "not-found") notFound();
    return redirectWithToast(
      back,
      { kind: "error", title: fill(t.reportErrors[result.error]!, { file: file.fileName }) },
      { status: 303 },
    );
  }
  return redirectWithToast(
    back,
    { kind: "success", title: t.reportUploaded, description: file.fileName },
    { status: 303 },
  );
}
