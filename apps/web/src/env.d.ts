/** Version of the web build (the root package.json version), injected by vite `define`. */
declare const __APP_VERSION__: string;

interface Window {
  /** Present inside the Capacitor native shell. */
  Capacitor?: { isNativePlatform?: () => boolean; getPlatform?: () => string };
}
