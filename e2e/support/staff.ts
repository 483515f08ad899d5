/** The owner e2e/start-server.ts adds through `npm run staff` before the server starts. */
export const E2E_OWNER = { email: 'owner@e2e.test', name: 'Анна Владелец', password: 'e2e owner password' } as const;
