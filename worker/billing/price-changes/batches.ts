/**
 * How a run of notices or withdrawals is cut into CHORES messages (decisions 275, 276): so many subscriptions or
 * notices a message, so many messages a send, and when the cron queues a run again that saw no activity.
 */
import type { ChoreMessage } from "../../env";
import { currentRequestId } from "../../lib";

/** Subscriptions per CHORES message: each costs a few Stripe calls and an email, so a message stays far inside a
 * Worker's subrequests and the plan's lease is held for a minute or so (a withdrawal waits up to 25 s, decision 250). */
export const NOTICES_PER_MESSAGE = 25;
/** Messages per `sendBatch` (Queues take at most 100 and 256 KB a call; a message here is ~1 KB). */
const MESSAGES_PER_SEND = 50;
/**
 * A change whose notices saw no activity (queued, or a batch done) for this long is queued again by the cron for
 * whoever is still untold or unscheduled: its messages were lost or ran out of retries. While batches keep
 * finishing, the cron leaves it alone, so a long run is not queued twice.
 */
export const NOTICES_RESEND_MS = 15 * 60_000;

/** Sends `ids` on the CHORES queue, `perMessage` a message (each made by `body`, with the request's id), MESSAGES_PER_SEND a send. Answers how many messages. */
export async function queueInMessages(
  chores: Queue<ChoreMessage>,
  ids: string[],
  perMessage: number,
  body: (ids: string[]) => Omit<ChoreMessage, "requestId">,
): Promise<number> {
  const requestId = currentRequestId();
  const messages: MessageSendRequest<ChoreMessage>[] = [];
  for (let i = 0; i < ids.length; i += perMessage)
    messages.push({ body: { ...body(ids.slice(i, i + perMessage)), requestId } as ChoreMessage });
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) await chores.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND));
  return messages.length;
}
