/** The sendCalls approval's answer when the user declines the EIP-7702 upgrade (5750) rather than the batch (4001). */
export const DECLINE_UPGRADE_VALUE = 'decline-upgrade';
