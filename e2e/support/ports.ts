/** Fixed loopback ports for the e2e server (CI runs one suite at a time). */
export const E2E_PORTS = { web: 4380, chat: 4381 } as const;
