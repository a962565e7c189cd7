/** An eSIM profile made for a device: its ICCID and the activation code the device scans (LPA:1$…). */
export interface EsimProfile {
  iccid: string;
  activationCode: string;
}

/**
 * The eSIM provisioning server (SM-DP+, GSMA SGP.22) the operator orders profiles from: a profile bound
 * to a device's EID that shares a line's number (docs/decisions/028), and its release.
 */
export interface EsimPort {
  order(request: { eid: string; phoneNumber: string }): Promise<EsimProfile>;
  release(iccid: string): Promise<void>;
}
