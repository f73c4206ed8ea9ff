import { httpDb } from "../db";
import { getConfig } from "./config";
import type { GenerationMessage, QueueMessage } from "./env";
import { CHORES, choreKind, type ChoreDeps, type ChoreKind, type ChoreMessage } from "./chores";
import { errorFields, log, withDb, withRequestId } from "./lib";
import { countEvent, OPS_EVENTS, reportError } from "./ops";
import { QUEUE_MAX_DELAY_SECONDS, backoffSeconds, processGeneration } from "./generation";

/** Every queue this worker consumes has its environment's suffix (wrangler.toml): headshot-chores-staging, … */
const CHORES_QUEUE = "headshot-chores";

/**
 * The queues' consumer. On GENERATIONS, health pings are acknowledged and generation jobs go to their handler; its
 * dead-letter queue is counted; CHORES carries the cron's hand-offs. Each message is handled in the request id of
 * the request that sent it (decision 187), so its log lines carry that id.
 */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage | ChoreMessage>, env: Env): Promise<void> {
  if (batch.queue.endsWith("-dlq")) return handleDeadLetters(batch as MessageBatch<QueueMessage>, env);
  if (batch.queue.startsWith(CHORES_QUEUE)) return handleChores(batch as MessageBatch<ChoreMessage>, env);
  await Promise.all(
    (batch.messages as Message<QueueMessage>[]).map((message) =>
      withRequestId(message.body.requestId ?? `queue-${message.id}`, () => handleMessage(env, message)),
    ),
  );
}

/**
 * The CHORES consumer: each message goes to its chore's handler (the registry, worker/chores.ts: retention's
 * deletes, the orphan sweep's, price-change notices and withdrawals), one database
 * session for the batch. A message that failed is retried with backoff; one that runs out of retries is dropped,
 * and the cron sends its work again (retention's rows an hour later, a change's notices after NOTICES_RESEND_MS).
 */
async function handleChores(batch: MessageBatch<ChoreMessage>, env: Env): Promise<void> {
  await withDb(env, async (db, config) => {
    for (const message of batch.messages) {
      await withRequestId(message.body.requestId ?? `queue-${message.id}`, async () => {
        try {
          await runChore({ db, bucket: env.IMAGES, chores: env.CHORES, config }, message.body);
          message.ack();
        } catch (err) {
          log("error", "queue: a chores message failed; retrying", { attempts: message.attempts, ...errorFields(err) });
          reportError(err, message.body.requestId);
          message.retry({ delaySeconds: backoffSeconds(message.attempts) });
        }
      });
    }
  });
}

/**
 * One chore (the consumer's work, also what tests deliver), dispatched through the registry (worker/chores.ts). A
 * message no chore knows is logged and dropped (acked), as on GENERATIONS: retrying it cannot help.
 */
export async function runChore(deps: ChoreDeps, body: ChoreMessage): Promise<void> {
  const kind = choreKind(body);
  if (!kind) return log("warn", "queue: no handler for chore", { body });
  const handler = CHORES[kind] as (deps: ChoreDeps, payload: unknown, sendAgain: (delaySeconds: number) => Promise<void>) => Promise<void>;
  await handler(deps, (body as Record<ChoreKind, unknown>)[kind], async (delaySeconds) => {
    await deps.chores.send(body, { delaySeconds });
  });
}

async function handleMessage(env: Env, message: Message<QueueMessage>): Promise<void> {
  const body = message.body;
  if ("ping" in body) return message.ack();
  if ("headshotId" in body) return runGeneration(env, message as Message<GenerationMessage>);
  log("warn", "queue: no handler for message", { body });
  message.ack();
}

/** One generation job: ack when done or skipped, retry with backoff on transient trouble. */
async function runGeneration(env: Env, message: Message<GenerationMessage>): Promise<void> {
  const { headshotId, until } = message.body;
  try {
    // a hop of a wait longer than Queues' longest delay (the day's quota, decision 296): on again, nothing read
    const left = until ? Math.ceil((until - Date.now()) / 1000) : 0;
    if (left > 1) return await requeue(env, message, Math.min(left, QUEUE_MAX_DELAY_SECONDS), until);
    const outcome = await processGeneration(env, headshotId, { queuedMs: Date.now() - message.timestamp.getTime() });
    if (outcome.action === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
    else if (outcome.action === "defer") {
      const slot = outcome.waitUntil.getTime();
      await requeue(env, message, outcome.delaySeconds, slot - Date.now() > outcome.delaySeconds * 1000 + 1000 ? slot : undefined);
    } else message.ack();
  } catch (err) {
    // Unexpected (database, storage): let the queue try again; after max_retries it goes to the
    // dead-letter queue and the cron sweeper fails the row and refunds it.
    log("error", "generation: unexpected error", { headshotId, attempts: message.attempts, ...errorFields(err) });
    reportError(err, message.body.requestId);
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
}

/**
 * A job waiting for the model's quota (decision 191) goes back on the queue as a new message for its slot, and
 * this one is acked: a retry would count towards max_retries and send a job that only waited to the dead-letter
 * queue. If the send fails, the message is retried for the slot instead (counted, but not lost).
 */
async function requeue(env: Env, message: Message<GenerationMessage>, delaySeconds: number, until?: number): Promise<void> {
  try {
    const { until: _previous, ...body } = message.body;
    await env.GENERATIONS.send(until ? { ...body, until } : body, { delaySeconds });
    message.ack();
  } catch (err) {
    log("error", "generation: re-queue failed, retrying the message instead", { headshotId: message.body.headshotId, ...errorFields(err) });
    message.retry({ delaySeconds });
  }
}

/**
 * The dead-letter queue's consumer (decision 188): each message that ran out of retries is logged (in its
 * sender's request id) and counted; the cron alerts the operator on the count. A generation's row is failed and
 * refunded by the stuck-job sweeper, as before. Acked once counted; a failed count retries the batch.
 */
async function handleDeadLetters(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    withRequestId(message.body.requestId ?? `queue-${message.id}`, () =>
      log("error", "queue: message dead-lettered", {
        queue: batch.queue,
        messageId: message.id,
        attempts: message.attempts,
        body: message.body,
      }),
    );
  }
  // one statement: over SQL-over-HTTP, no WebSocket session (issue 38)
  await countEvent(httpDb(getConfig(env)), OPS_EVENTS.deadLettered, new Date(), batch.messages.length);
  for (const message of batch.messages) message.ack();
}
