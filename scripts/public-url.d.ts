export declare const DEV_URL: string;
export declare const DEFAULT_PUBLIC_URL: string;
export declare function publicUrl(env?: Record<string, string | undefined>): string;
export declare function rewriteManifest(xml: string, target: string): string;
