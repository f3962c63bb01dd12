import { createModuleHandler, ok, openOperation } from '../lib/handler';

export const operations = {
  getHealth: openOperation({
    run: async () => ok({ status: 'ok', time: new Date().toISOString() }),
  }),
};

export const handler = createModuleHandler('health', operations);
