import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type * as Recorder from "../../analytics/recorder.client";

// The recorders are not needed to show or use the page: their code is fetched after hydration,
// outside the page's first load. Calls wait for it in order, so app_start comes before page views.
let recorder: Promise<typeof Recorder | null> | undefined;
const loadRecorder = () => (recorder ??= import("../../analytics/recorder.client").catch(() => null));

/** Starts the analytics and Web Vitals recorders after hydration and records each navigation. Renders nothing. */
export function AnalyticsRecorder() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const start = first.current;
    first.current = false;
    // Without the recorder's code (offline, blocked) the site works the same, unrecorded.
    void loadRecorder().then((module) => (start ? module?.startRecorders(pathname) : module?.recordPageView(pathname)));
  }, [pathname]);
  return null;
}
