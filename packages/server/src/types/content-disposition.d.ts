// content-disposition@1 (runs on Node 20) ships no types. This ambient declaration wins over the hoisted
// content-disposition@3 (node >=22, pulled in by @fastify/static), whose bundled types describe another API.
declare module 'content-disposition' {
  interface Options {
    type?: 'attachment' | 'inline';
    /** An ISO-8859-1 name for clients without `filename*`; true derives one, false sends none. */
    fallback?: string | boolean;
  }
  interface ContentDisposition {
    type: string;
    parameters: Record<string, string>;
  }
  function contentDisposition(filename?: string, options?: Options): string;
  namespace contentDisposition {
    function parse(header: string): ContentDisposition;
  }
  export default contentDisposition;
}
