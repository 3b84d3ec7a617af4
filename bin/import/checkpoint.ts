/**
 * How far an import got, kept beside its file (FILE.import-checkpoint.json) after every
 * request the service acknowledged, so that running the same command again after a Ctrl-C,
 * a kill or a lost connection resumes there and sends no acknowledged row twice.
 *
 * Before each request leaves, its rows are written down as in flight: if the run dies
 * waiting for the answer, the next one knows those rows may already be saved, and says so
 * when it sends them again instead of showing them as unexplained updates.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { UpsertProgress } from '../../src/server/index.js';

/** The totals a run carries over to the one that resumes it. */
export type Counts = Omit<UpsertProgress, 'read' | 'resumeAt'>;

export interface Checkpoint extends Counts {
  version: 2;
  file: string;
  size: number;
  mtimeMs: number;
  baseUrl: string;
  /** Index of the first row not yet done. */
  resumeAt: number;
  /** The request that had left when this was written, by row index, if its answer never came. */
  inFlight?: { first: number; last: number; count: number };
}

export const checkpointPath = (file: string) => `${file}.import-checkpoint.json`;

export function readCheckpoint(path: string): Checkpoint | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Checkpoint;
    return value.version === 2 && Number.isInteger(value.resumeAt) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file and renamed over the old one, so a kill never leaves half a checkpoint. */
export function writeCheckpoint(path: string, value: Checkpoint): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

export function removeCheckpoint(path: string): void {
  rmSync(path, { force: true });
}
