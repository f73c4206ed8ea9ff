/** The generation area's public module: the queue's job, and failing a generation with its refund (moderation, the stuck-job sweep). */
export { removeWithRefund, sweepStuckGenerations } from "./fail";
export { backoffSeconds, processGeneration } from "./process";
