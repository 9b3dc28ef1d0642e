import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './workspace';

export interface BuildInfo {
  version: string;
  branch: string;
  revision: string;
  date: string;
}

function git(cmd: string): string {
  try {
    return execSync(`git ${cmd}`, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** SHELL-011: branch, revision and date injected at build time. */
export function buildInfo(): BuildInfo {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return {
    version: pkg.version,
    branch: process.env.DISCOVERY_BRANCH ?? git('rev-parse --abbrev-ref HEAD'),
    revision: process.env.DISCOVERY_REVISION ?? git('rev-parse --short HEAD'),
    date: new Date().toISOString(),
  };
}
