import type { z } from 'zod/mini';
import { MUTATIONS, type MutationArgs, type MutationName } from '../../src/api';
import { invalidInput } from '../http/envelope';
import { invalidField } from '../http/errors';
import { patchCard, saveCard } from './cards';
import {
  addCloudCard,
  addCloudGroup,
  delCloudCard,
  delCloudGroup,
  editCloudCard,
  editCloudGroup,
  moveCloudCard,
  sortCloudGroups,
} from './cloud';
import { saveCompany } from './company';
import type { Caller, Services } from './context';
import { sendFeedback } from './feedback';
import { addFriends, copyToGroup, delFriend, delFriendFromGroup, moveToGroup, setRemark } from './friends';
import { addGroup, cancelGroupUpdate, delGroup, editGroup, sortGroups } from './groups';
import { readNotifications } from './notifications';
import { attachProof } from './physical-cards';
import { setProfile } from './profile';

type Handler<N extends MutationName> = (s: Services, caller: Caller, args: MutationArgs<N>) => Promise<unknown>;

/** Every sync mutation runs the very service function of its REST twin. */
const HANDLERS: { [N in MutationName]: Handler<N> } = {
  setProfile,
  saveCompany,
  saveCard,
  patchCard,
  addFriend: (s, caller, { content }) => addFriends(s, caller, { content }),
  delFriend,
  delFriendFromGroup,
  remark: setRemark,
  moveToGroup,
  copyToGroup,
  addGroup: (s, caller, { group_name }) => addGroup(s, caller, { group_name }),
  editGroup,
  delGroup,
  sortGroups,
  cancelGroupUpdate,
  readNotifications,
  addCloudCard,
  editCloudCard,
  delCloudCard,
  moveCloudCard,
  addCloudGroup,
  editCloudGroup,
  delCloudGroup,
  sortCloudGroups,
  sendFeedback,
  sendProof: attachProof,
};

// MUTATIONS seen per name, so a generic name keeps its schema and handler paired.
const SCHEMAS: { [N in MutationName]: z.ZodMiniType<MutationArgs<N>> } = MUTATIONS;

const isMutationName = (name: string): name is MutationName => Object.hasOwn(MUTATIONS, name);

/**
 * Validates `args` with the schema of the mutation's REST call, then runs it and answers what
 * that call answers. An unknown name or bad args is an ApiError (400 naming the field), as a
 * bad REST request would be.
 */
export async function runMutation(s: Services, caller: Caller, name: string, args: unknown): Promise<unknown> {
  if (!isMutationName(name)) throw invalidField('name');
  return run(s, caller, name, args);
}

function run<N extends MutationName>(s: Services, caller: Caller, name: N, args: unknown): Promise<unknown> {
  const parsed = SCHEMAS[name].safeParse(args);
  if (!parsed.success) throw invalidInput(parsed.error, 'args');
  return HANDLERS[name](s, caller, parsed.data);
}
