import { z } from 'zod';

// ------------------------------------------------------------------------------------------------ credentials

/** What a credential belongs to: a device (aos_equipment) or a dock (aos_hangar). */
export const DEVICE_CREDENTIAL_KINDS = ['device', 'dock'] as const;
export type DeviceCredentialKind = (typeof DEVICE_CREDENTIAL_KINDS)[number];

/**
 * The MQTT credentials of a device or dock, answered ONCE: by add (device), submit without id (dock) and
 * resetCredential; never by detail or page. The server keeps only a SHA-256 of the password (a 144-bit random
 * secret, so no slow hash is needed) and checks a connection in constant time. The username stays the same
 * across resets; a reset makes the previous password fail at once.
 */
export const DeviceCredentialSchema = z.object({
  serialNumber: z.string(),
  /** `dev-` and 16 hex digits, unique platform-wide */
  username: z.string(),
  /** 24 base64url characters */
  password: z.string(),
});
export type DeviceCredential = z.infer<typeof DeviceCredentialSchema>;

export const DEVICE_USERNAME_PATTERN = /^dev-[0-9a-f]{16}$/;
export const DEVICE_PASSWORD_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** What a device presents when it connects (device-link issue): refused unless both have the issued shape. */
export const DeviceCredentialLogin = z.object({
  username: z.string().regex(DEVICE_USERNAME_PATTERN),
  password: z.string().regex(DEVICE_PASSWORD_PATTERN),
});
export type DeviceCredentialLogin = z.infer<typeof DeviceCredentialLogin>;

/** Whom a verified credential identifies. */
export interface DeviceCredentialOwner {
  tenantId: string;
  serialNumber: string;
  kind: DeviceCredentialKind;
  ownerId: string;
}
