// The parts of autocannon 8 that bench/load.ts uses (the package ships no types; @types/autocannon is not installed).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers?: Record<string, string | string[]>,
      ) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      timeout?: number;
      path?: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Histogram {
      mean: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
      average: number;
      total: number;
    }
    interface Result {
      duration: number;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): unknown;
  export default autocannon;
}
