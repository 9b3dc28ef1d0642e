/**
 * `roaring` is CommonJS; Node's ESM loader (the bundled server) cannot pick named exports out of
 * it, so everything takes RoaringBitmap32 from here.
 */
import roaring from 'roaring';

export const RoaringBitmap32 = roaring.RoaringBitmap32;
export type RoaringBitmap32 = InstanceType<typeof roaring.RoaringBitmap32>;
