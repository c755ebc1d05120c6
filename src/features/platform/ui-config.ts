import { z } from 'zod';

/** SPEC §3 root state uiConfig: what the operator switches for this storefront. */
const uiConfigSchema = z.object({
  /** SPEC §9: transactions started on the KCS channel carry a 'kcs-' prefix. */
  isKcs: z.boolean(),
  /** SPEC §5 coins: the feature flag (the isCoinEnabled cookie must also be 'true'). */
  enableCoinsFeature: z.boolean(),
});
export type UiConfig = z.infer<typeof uiConfigSchema>;

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : value === '1' || value.toLowerCase() === 'true';

/** Read from the environment (UI_IS_KCS, UI_ENABLE_COINS), so one build serves any channel. */
export function readUiConfig(env: Record<string, string | undefined>): UiConfig {
  return uiConfigSchema.parse({ isKcs: flag(env['UI_IS_KCS'], false), enableCoinsFeature: flag(env['UI_ENABLE_COINS'], true) });
}
