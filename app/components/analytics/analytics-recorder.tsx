import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { recordPageView, startRecorders } from "../../analytics/recorder.client";

/** Starts the analytics and Web Vitals recorders after hydration and records each navigation. Renders nothing. */
export function AnalyticsRecorder() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      startRecorders(pathname);
    } else {
      recordPageView(pathname);
    }
  }, [pathname]);
  return null;
}
