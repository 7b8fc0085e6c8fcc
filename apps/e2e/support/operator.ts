import { execFile } from 'node:child_process';
import type { ServerInfo } from './server-instance';
import { REPO_ROOT } from './paths';

export type OperatorResult = { stdout: string; stderr: string };

/**
 * Runs the operator command exactly as an operator would, `npm run tenant -- <args>` from the
 * repository root, with the instance's PORT and DATA_DIR (and DATABASE_URL): the command finds the
 * running server on loopback and authenticates with the token in DATA_DIR/operator-token.
 * Rejects with the command's output when it exits non-zero.
 */
export function runOperator(server: Pick<ServerInfo, 'env'>, args: string[]): Promise<OperatorResult> {
  const env: Record<string, string | undefined> = { ...process.env, PORT: server.env.PORT, DATA_DIR: server.env.DATA_DIR };
  delete env.DATABASE_URL;
  if (server.env.DATABASE_URL) env.DATABASE_URL = server.env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    execFile('npm', ['run', '--silent', 'tenant', '--', ...args], { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm run tenant -- ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stdout}${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** Typed shortcuts over runOperator for one server instance. */
export class Operator {
  constructor(readonly server: Pick<ServerInfo, 'env'>) {}

  run(...args: string[]): Promise<OperatorResult> {
    return runOperator(this.server, args);
  }

  async maintenance(tenant: 'mutua' | 'azur', on: boolean, reason?: string): Promise<void> {
    await this.run('maintenance', on ? 'on' : 'off', '--tenant', tenant, ...(reason ? ['--reason', reason] : []));
  }

  async feature(
    tenant: 'mutua' | 'azur',
    featureId: 'MY_SERVICES' | 'BENEFICIARIES_ADD' | 'BENEFICIARIES' | 'CONTRACT_RESILIATION' | 'DIGITAL_CAMPAIGNS',
    on: boolean,
    params?: Record<string, unknown>,
  ): Promise<void> {
    await this.run('feature', featureId, on ? 'on' : 'off', '--tenant', tenant, ...(params ? ['--params', JSON.stringify(params)] : []));
  }

  async list(): Promise<Array<{ id: string; maintenance: boolean; maintenanceReason: string | null; features: unknown[] }>> {
    const { stdout } = await this.run('list');
    return JSON.parse(stdout) as never;
  }
}
