import { startTopology } from './topology';

// Starts the topology once for the deployment specs and tells them where it is through the environment
// (Playwright passes the global setup's environment to its workers).

export default async function globalSetup(): Promise<() => Promise<void>> {
  const proxyPort = process.env.DEPLOY_E2E_PORT ? Number(process.env.DEPLOY_E2E_PORT) : undefined;
  const topology = await startTopology({ proxyPort, seedDemo: true });
  process.env.DEPLOY_PROXY_ORIGIN = topology.proxyOrigin;
  process.env.DEPLOY_INSTANCES = topology.instances.join(' ');
  return () => topology.close();
}
