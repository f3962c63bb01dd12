import { getUserRecord } from '../data/userRepository';
import { NotFoundError } from '../lib/errors';
import { createModuleHandler, ok, userOperation } from '../lib/handler';

export const operations = {
  getUser: userOperation({
    run: async ({ caller }) => {
      const record = await getUserRecord(caller.sub);
      if (!record) throw new NotFoundError('Aún no existe un registro para este usuario.');
      return ok(record);
    },
  }),
};

export const handler = createModuleHandler('user', operations);
