export declare const SERVER_EXEC_ARGV: string[];
export declare const SERVER_ENV: Record<string, string>;
