/** Types of console-build.mjs, for the TypeScript tests that use it. */
export declare const DEVELOPMENT_REACT_MARKERS: string[];
export declare function entryScripts(distDir: string): string[];
export declare function developmentReactIn(distDir: string): string[];
