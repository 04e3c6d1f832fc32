/** The part of madge's API the tests use (it ships no types). */
declare module 'madge' {
  interface MadgeResult {
    /** each file (relative to the base directory) with the files it imports */
    obj(): Record<string, string[]>;
  }
  export default function madge(
    path: string,
    config?: { fileExtensions?: string[]; tsConfig?: string },
  ): Promise<MadgeResult>;
}
