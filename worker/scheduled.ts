/** Cron trigger: periodic housekeeping. Each job is a plain function that tests call directly. */
export async function handleScheduled(_controller: ScheduledController, _env: Env): Promise<void> {}
