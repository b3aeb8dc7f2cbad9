/** What a push carries: the notification's text and the link a tap opens. */
export interface PushMessage {
  notificationId: string;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  /**
   * The recipient's unread notifications when this one is sent (chat messages included; reading marks those
   * read): the app icon's badge on every device, so a message read on one device lowers it on the next push or sync.
   */
  badge: number;
}

/** The outcome of one send. */
export type PushResult =
  | { status: 'sent' }
  | {
      status: 'failed';
      error: string;
      /** The sender says the token or subscription is gone (404/410): the device is removed. */
      isGone?: boolean;
      /** A passing fault (network, 5xx, 429): the push job is retried for this device. */
      isTransient?: boolean;
    };

/** One delivery service: FCM for the native apps, Web Push for the installed PWA. */
export interface PushSender {
  /** Stored in push_deliveries.sender. */
  name: 'fcm' | 'webpush';
  send(token: string, message: PushMessage): Promise<PushResult>;
}

/** Statuses that count as a failure worth retrying. */
export const isTransientStatus = (status: number) => status === 429 || status >= 500;

/** Turns a fetch failure (network, timeout) into a transient failed result. */
export function networkFailure(error: unknown): PushResult {
  return {
    status: 'failed',
    error: error instanceof Error ? error.message : String(error),
    isTransient: true,
  };
}
