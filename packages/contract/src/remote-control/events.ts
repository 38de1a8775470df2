declare module '../common/events.js' {
  interface LiveEvents {
    /**
     * A remote command a user sent has ended, told to that user's room (`user:<id>`): accepted at once
     * (`job` null), or its long job's final status (`job`: the progress method), or not carried out (the
     * device refused it, did not answer, no link). `status` is the job's final status or, for a command
     * without a job, 'accepted' / 'rejected' / 'timeout' / 'unavailable'; `result` the device's error code.
     */
    'remoteControl.commandEnded': {
      bid: string;
      action: string;
      /** the device the command was for (the drone, for its commands and its camera's) */
      sn: string;
      job: string | null;
      outcome: 'ok' | 'failed' | 'timeout';
      status: string;
      result: number | null;
    };
  }
}

export {};
