import type { QueueMessage } from "./env";
import { errorFields, log, withRequestId } from "./lib";
import { backoffSeconds, processGeneration } from "./generation";

/**
 * The GENERATIONS consumer. Health pings are acknowledged; generation jobs go to their handler. Each message is
 * handled in the request id of the request that sent it (decision 187), so its log lines carry that id.
 */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map((message) => withRequestId(message.body.requestId ?? `queue-${message.id}`, () => handleMessage(env, message))),
  );
}

async function handleMessage(env: Env, message: Message<QueueMessage>): Promise<void> {
  const body = message.body;
  if ("ping" in body) return message.ack();
  if ("headshotId" in body) return runGeneration(env, message as Message<{ headshotId: string }>);
  log("warn", "queue: no handler for message", { body });
  message.ack();
}

/** One generation job: ack when done or skipped, retry with backoff on transient trouble. */
async function runGeneration(env: Env, message: Message<{ headshotId: string }>): Promise<void> {
  const { headshotId } = message.body;
  try {
    const outcome = await processGeneration(env, headshotId, { queuedMs: Date.now() - message.timestamp.getTime() });
    if (outcome.action === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
    else message.ack();
  } catch (err) {
    // Unexpected (database, storage): let the queue try again; after max_retries it goes to the
    // dead-letter queue and the cron sweeper fails the row and refunds it.
    log("error", "generation: unexpected error", { headshotId, attempts: message.attempts, ...errorFields(err) });
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
}
