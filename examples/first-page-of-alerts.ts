// Prints the first page of alerts from a running reference backend (`npm run backend`),
// through the typed client, with the demo credentials. Run: node examples/first-page-of-alerts.ts
import { createApiClient } from '../src/api/client.ts';
import { createTokenProvider } from '../src/api/token-provider.ts';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:4010/api';
const api = createApiClient({
  baseUrl,
  subscriptionKey: process.env.SUBSCRIPTION_KEY ?? 'demo-subscription-key',
  accessToken: createTokenProvider({
    tokenUrl: `${baseUrl}/oauth2/token`,
    clientId: process.env.CLIENT_ID ?? 'demo-client',
    clientSecret: process.env.CLIENT_SECRET ?? 'demo-secret',
  }),
});

const page = await api.alerts.list({ pageSize: 10, expand: ['student', 'categories'] });
console.log(`${page.totalValues} alerts; the newest ${page.values.length}:`);
for (const alert of page.values) {
  const categories = alert.categories.values.map((c) => c.name).join(', ') || 'no category';
  console.log(
    `${alert.createdOn.slice(0, 10)}  ${alert.status.padEnd(7)}  ${alert.student.firstName} ${alert.student.lastName} (${alert.student.identifier})  ${categories}`,
  );
}
