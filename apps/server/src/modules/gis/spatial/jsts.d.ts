// jsts ships no declarations for the two modules the validity check uses; just what it calls.
declare module 'jsts/org/locationtech/jts/io/GeoJSONReader.js' {
  export default class GeoJSONReader {
    read(geometry: object): unknown;
  }
}
declare module 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js' {
  interface TopologyValidationError {
    getMessage(): string;
    getCoordinate(): { x: number; y: number } | null;
  }
  export default class IsValidOp {
    constructor(geometry: unknown);
    isValid(): boolean;
    getValidationError(): TopologyValidationError | null;
  }
}
