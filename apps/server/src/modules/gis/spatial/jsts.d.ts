// jsts ships no declarations for the modules the spatial code uses; just what it calls.
declare module 'jsts/org/locationtech/jts/io/GeoJSONReader.js' {
  /** a JTS geometry, opaque here: handed to the operations below */
  export interface JstsGeometry {
    readonly __jts: unique symbol;
  }
  export default class GeoJSONReader {
    read(geometry: object): JstsGeometry;
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
declare module 'jsts/org/locationtech/jts/algorithm/Centroid.js' {
  import type { JstsGeometry } from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
  export default class Centroid {
    static getCentroid(geometry: JstsGeometry): { x: number; y: number };
  }
}
declare module 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js' {
  import type { JstsGeometry } from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
  export default class UnaryUnionOp {
    static union(geometry: JstsGeometry): JstsGeometry;
  }
}
declare module 'jsts/org/locationtech/jts/operation/relate/RelateOp.js' {
  import type { JstsGeometry } from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
  export default class RelateOp {
    /** `a` covers `b`: no point of `b` lies outside `a` */
    static covers(a: JstsGeometry, b: JstsGeometry): boolean;
  }
}
