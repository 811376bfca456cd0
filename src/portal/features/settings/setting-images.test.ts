import { describe, expect, it } from 'vitest';
import { clientProfileBody } from '../../api/client-profile';
import { settingImageChanges } from './setting-images';

const saved = { business_logo: 'http://api.test/media/logo.png', background_image: null, mascot_logo: 'http://api.test/media/mascot.png' };
const file = new File(['x'], 'background.png', { type: 'image/png' });

describe('settingImageChanges', () => {
  it('sends a new file, null for a removed saved image, and nothing for an unchanged or still empty one', () => {
    expect(settingImageChanges(saved, saved)).toEqual({});
    expect(settingImageChanges(saved, { ...saved, background_image: file, mascot_logo: null })).toEqual({
      background_image: file,
      mascot_logo: null,
    });
    expect(settingImageChanges(saved, { ...saved, business_logo: null })).toEqual({ business_logo: null });
  });
});

describe('clientProfileBody', () => {
  it('carries the text fields, new files, and <field>_clear=true for each removed image', () => {
    const body = clientProfileBody({ business_name: 'Acme', description: undefined }, { background_image: file, mascot_logo: null });
    expect([...body.keys()]).toEqual(['business_name', 'background_image', 'mascot_logo_clear']);
    expect(body.get('business_name')).toBe('Acme');
    expect((body.get('background_image') as File).name).toBe('background.png');
    expect(body.get('mascot_logo_clear')).toBe('true');
    expect(body.has('mascot_logo')).toBe(false);
  });
});
