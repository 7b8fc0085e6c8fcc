import { AuthClient, DEMO_ACCOUNTS, signIn } from './auth';
import { createTestApp, type TestApp } from './test-app';

type DemoName = keyof typeof DEMO_ACCOUNTS;
type SignedIn<N extends readonly DemoName[]> = { [K in keyof N]: AuthClient };

/**
 * A test file's app and the demo members it needs, signed in one after the other through the real
 * two-step flow, in the order named: `[t, camille, julien] = await openSignedIn('camille', 'julien')`.
 */
export async function openSignedIn<const N extends readonly DemoName[]>(...names: N): Promise<[TestApp, ...SignedIn<N>]> {
  const t = await createTestApp();
  const clients: AuthClient[] = [];
  for (const name of names) clients.push(await signIn(t, DEMO_ACCOUNTS[name].loginEmail));
  return [t, ...(clients as unknown as SignedIn<N>)];
}
