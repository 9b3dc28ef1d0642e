// Non-code imports resolved by esbuild (and by the jest transforms in scripts/jest).
declare module '*.sql' {
  const sql: string;
  export default sql;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
