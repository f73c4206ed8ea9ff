/** The generation area's public module: the queue's job, and failing a generation with its refund (moderation, the stuck-job sweep); the model's status (Monitoring, the cron's shutdown notice). */
export { removeWithRefund, sweepStuckGenerations } from "./fail";
export { backoffSeconds, processGeneration } from "./process";
export { noticeModelShutdown, readModelStatus } from "./model-status";
export { checkModelsWithGoogle } from "./model-list";
export { ModelLimiter, QUEUE_MAX_DELAY_SECONDS, consumerSettings, modelRetiredAt } from "./limiter";
