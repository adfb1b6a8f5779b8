import { DataFolderBusyError } from "../db/data-folder-lock";
import { closeAppDatabase, migrateAppDatabase, openAppDatabase } from "../app/db.server";
import { ConfigError } from "../app/env.server";

/**
 * Runs a command-line task against the configured database (migrated first) and exits with a
 * one-line message for the errors a user can fix (bad configuration, embedded database in use).
 */
export async function runCli(name: string, task: () => Promise<void>) {
  try {
    openAppDatabase(`${name} command`);
    await migrateAppDatabase();
    await task();
    await closeAppDatabase();
    process.exit(0);
  } catch (error) {
    await closeAppDatabase().catch(() => {});
    if (error instanceof ConfigError || error instanceof DataFolderBusyError || error instanceof CliError) {
      console.error(error.message);
    } else {
      console.error(`${name} failed:`, error);
    }
    process.exit(1);
  }
}

/** An error whose message is all the user needs. */
export class CliError extends Error {}

/** Reads `--name value` pairs. */
export function cliOptions(argv = process.argv.slice(2)) {
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith("--")) {
      const [key, inline] = arg.slice(2).split("=", 2) as [string, string | undefined];
      if (inline !== undefined) options[key] = inline;
      else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) options[key] = argv[++i]!;
      else options[key] = "true";
    }
  }
  return options;
}
