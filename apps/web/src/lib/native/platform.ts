/** True inside the Capacitor iOS/Android shell; the web build always answers false. */
export function isNativePlatform(): boolean {
  return typeof window !== 'undefined' && window.Capacitor?.isNativePlatform?.() === true;
}

/** 'ios' | 'android' inside the native shell, 'web' otherwise. */
export function getPlatform(): 'ios' | 'android' | 'web' {
  const platform = typeof window === 'undefined' ? undefined : window.Capacitor?.getPlatform?.();
  return platform === 'ios' || platform === 'android' ? platform : 'web';
}
