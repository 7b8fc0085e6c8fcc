// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { min: number; max: number; average: number; stddev: number; p50: number; p90: number; p97_5: number; p99: number };
  export type Result = {
    url: string;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export type Options = {
    /** Several URLs: the connections are spread over them round-robin. */
    url: string | string[];
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
