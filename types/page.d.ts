// Types of the page's JavaScript (static/js/): what its scripts give each other on window.
// Checked by `tsc --noEmit` (tsconfig.json); not shipped.
import type {Build, BuildEntry, Sha256} from "./masume";

export {};

/** What the classic loader (static/js/boot.js) gives the loader's modules (window.masumeLoader). */
interface Loader {
  root: HTMLElement;
  lang: "en" | "ja";
  isFileUrl: boolean;
  embedded: boolean;
  opaque: boolean;
  byId(id: string): HTMLElement | null;
  text(id: string, values?: Record<string, string | number | undefined>): string;
  whenParsed(callback: () => void): void;
  setStage(id: string): void;
  currentStep(): string;
  ready(): boolean;
  show(messageId: string, values?: Record<string, string | number | undefined>): void;
  failed(): boolean;
  /** error events and unhandled rejections go to `take`, those kept so far at once */
  takeErrors(take: (event: Event) => void): void;
}

declare global {
  interface Window {
    masumeLoader: Loader;
    masumeBootTimeoutMs?: number;
    masumeBootStallMs?: number;
    masumeBootFailed: (messageId: string, detail?: unknown, urls?: string[]) => void;
    masumeDescribeFailure: (reason: unknown) => string;
    masumeEngineWanted: () => boolean;
    masumeEarlyBytes: (href: string, until?: Promise<unknown>) => Promise<ArrayBuffer | null> | null;
    masumeRuntimeWasm?: Promise<WebAssembly.Module | null>;
    masumeSnapshotFound?: Promise<boolean>;
    masumeSnapshotRead?: Promise<ArrayBuffer | null> | null;
    masumeNumpy?: Promise<unknown>;
    // static/js/board-grid.js: jobs Python hands over in one call (app/web/board.py, shell.py)
    masumeBuildGrid: (grid: HTMLElement, rows: [number | null, [string | null, number, number, number | null][]][]) => HTMLButtonElement[];
    masumeDescribe: (items: [HTMLElement, number, string, string | null][]) => void;
    masumeAddClass: (buttons: HTMLElement[], cls: string, delays?: string[]) => void;
    masumeHash: (max: number) => string | null;
    masumeFocus: (node: HTMLElement) => void;
    masumeSetDisabled: (grid: HTMLElement, disabled: boolean) => void;
  }
}
