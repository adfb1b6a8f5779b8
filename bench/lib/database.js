// A throw-away database on the local PostgreSQL (127.0.0.1:5432, user postgres, trust auth) for a
// benchmark run: the benchmarks write rows, so they never run against a database whose data matters.
import postgres from "postgres";

const ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** Creates `sanad_bench_<label>_<time>` and returns its URL and drop(); null (with a note) when no local PostgreSQL answers. */
export async function throwawayPostgres(label) {
  const admin = postgres(ADMIN_URL, { onnotice: () => {}, max: 1, connect_timeout: 3 });
  const name = `sanad_bench_${label}_${Date.now()}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    console.warn(`no local PostgreSQL (${error.message}): using the embedded database`);
    return null;
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    async drop() {
      const again = postgres(ADMIN_URL, { onnotice: () => {}, max: 1 });
      try {
        await again.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}
