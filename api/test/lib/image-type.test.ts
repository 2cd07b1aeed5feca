import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectImageType } from '../../src/lib/image-type';
import { PNG_1x1 } from '../helpers';

describe('detectImageType', () => {
  it('recognises PNG, JPEG, GIF and WebP by their bytes', () => {
    assert.equal(detectImageType(PNG_1x1)?.ext, 'png');
    assert.equal(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))?.ext, 'jpg');
    assert.equal(detectImageType(Buffer.from('GIF89a\x01\x00', 'latin1'))?.ext, 'gif');
    assert.equal(
      detectImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))?.ext,
      'webp',
    );
  });

  it('refuses anything else, SVG and HTML included', () => {
    for (const text of [
      '<svg></svg>',
      '<html>',
      '%PDF-1.7',
      'RIFF\x10\x00\x00\x00WAVE',
      '',
      'GIF87',
    ]) {
      assert.equal(detectImageType(Buffer.from(text, 'latin1')), null, text);
    }
  });
});
