import type { QueueMessage } from "./env";
import { errorFields, log } from "./lib";
import { backoffSeconds, processGeneration } from "./generation";

/** The GENERATIONS consumer. Health pings are acknowledged; generation jobs go to their handler. */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const message of batch.messages) {
    const body = message.body;
    if ("ping" in body) {
      message.ack();
      continue;
    }
    if ("headshotId" in body) {
      jobs.push(runGeneration(env, message as Message<{ headshotId: string }>));
      continue;
    }
    log("warn", "queue: no handler for message", { body });
    message.ack();
  }
  await Promise.all(jobs);
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
