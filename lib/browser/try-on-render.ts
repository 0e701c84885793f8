// Draws a photo with a pack's look: with WebGL2, the look as a 3D texture that the GPU reads
// trilinearly; where WebGL2 is missing, with applyLut on the canvas's pixels (the same sums).
import { applyLut, haldLut, type Lut } from '@/lib/shared/hald';

/** The photo's longest side, in pixels, as the try-on works on it (a 12 MP photo is scaled). */
export const MAX_SIDE = { webgl2: 2048, canvas: 1280 } as const;

export type Renderer = {
  kind: keyof typeof MAX_SIDE;
  /** Draws the look at a strength from 0 (the photo) to 1 (the whole look). */
  render(strength: number): void;
};

/** Reads a pack's look (a HALD PNG) into a table, byte for byte (no colour conversion). */
export async function loadLook(url: string): Promise<Lut> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The look at ${url} answered ${response.status}`);
  const image = await createImageBitmap(await response.blob(), {
    colorSpaceConversion: 'none',
    premultiplyAlpha: 'none',
  });
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(image, 0, 0);
  image.close();
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  return haldLut(data, canvas.width, canvas.height, 4);
}

/** Which renderer this browser can run; a WebGL2 canvas once asked cannot become a 2D one. */
export function webgl2(canvas: HTMLCanvasElement): WebGL2RenderingContext | null {
  return canvas.getContext('webgl2', {
    preserveDrawingBuffer: true,
    premultipliedAlpha: false,
    antialias: false,
  });
}

/**
 * Draws `photo` (a canvas of the photo at its working size) into `target` with the look. `gl` is
 * target's WebGL2 context, or null for the 2D fallback.
 */
export function createRenderer(
  target: HTMLCanvasElement,
  gl: WebGL2RenderingContext | null,
  photo: HTMLCanvasElement,
  lut: Lut,
): Renderer {
  target.width = photo.width;
  target.height = photo.height;
  return gl ? glRenderer(gl, photo, lut) : canvasRenderer(target, photo, lut);
}

/**
 * The 2D fallback: the whole look is computed once (applyLut), then each strength is the photo with
 * the look drawn over it at that opacity, which is the same mix (original × (1 − s) + look × s)
 * for two drawImage calls instead of a pass over every pixel on the main thread.
 */
function canvasRenderer(target: HTMLCanvasElement, photo: HTMLCanvasElement, lut: Lut): Renderer {
  const pixels = photo
    .getContext('2d', { willReadFrequently: true })!
    .getImageData(0, 0, photo.width, photo.height);
  applyLut(pixels.data, 4, lut, 1);
  const look = document.createElement('canvas');
  look.width = photo.width;
  look.height = photo.height;
  look.getContext('2d')!.putImageData(pixels, 0, 0);
  const context = target.getContext('2d')!;
  return {
    kind: 'canvas',
    render(strength) {
      context.globalAlpha = 1;
      context.drawImage(photo, 0, 0);
      context.globalAlpha = strength;
      context.drawImage(look, 0, 0);
    },
  };
}

const VERTEX = `#version 300 es
in vec2 position;
out vec2 uv;
void main() {
  uv = position * 0.5 + 0.5;
  gl_Position = vec4(position, 0.0, 1.0);
}`;

// The cube's first and last steps sit at the centres of its edge texels, hence the scale and
// offset; the GPU's linear filtering of a 3D texture is the trilinear interpolation of applyLut.
const FRAGMENT = `#version 300 es
precision highp float;
precision highp sampler3D;
uniform sampler2D photo;
uniform sampler3D look;
uniform float size;
uniform float strength;
in vec2 uv;
out vec4 colour;
void main() {
  vec3 original = texture(photo, uv).rgb;
  vec3 looked = texture(look, original * ((size - 1.0) / size) + 0.5 / size).rgb;
  colour = vec4(mix(original, looked, strength), 1.0);
}`;

function glRenderer(gl: WebGL2RenderingContext, photo: HTMLCanvasElement, lut: Lut): Renderer {
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, VERTEX],
    [gl.FRAGMENT_SHADER, FRAGMENT],
  ] as const) {
    const shader = gl.createShader(type)!;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    throw new Error(`The try-on's shaders did not link: ${gl.getProgramInfoLog(program)}`);
  }
  gl.useProgram(program);

  // Two triangles covering the canvas.
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);

  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);

  gl.activeTexture(gl.TEXTURE0);
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, photo);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  // One texel per pixel: the photo is read as it is.
  for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER])
    gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
  for (const parameter of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T])
    gl.texParameteri(gl.TEXTURE_2D, parameter, gl.CLAMP_TO_EDGE);

  gl.activeTexture(gl.TEXTURE1);
  gl.bindTexture(gl.TEXTURE_3D, gl.createTexture());
  const format = lut.channels === 4 ? gl.RGBA : gl.RGB;
  gl.texImage3D(
    gl.TEXTURE_3D,
    0,
    lut.channels === 4 ? gl.RGBA8 : gl.RGB8,
    lut.size,
    lut.size,
    lut.size,
    0,
    format,
    gl.UNSIGNED_BYTE,
    new Uint8Array(lut.data.buffer, lut.data.byteOffset, lut.data.byteLength),
  );
  for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER])
    gl.texParameteri(gl.TEXTURE_3D, parameter, gl.LINEAR);
  for (const parameter of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T, gl.TEXTURE_WRAP_R])
    gl.texParameteri(gl.TEXTURE_3D, parameter, gl.CLAMP_TO_EDGE);

  gl.uniform1i(gl.getUniformLocation(program, 'photo'), 0);
  gl.uniform1i(gl.getUniformLocation(program, 'look'), 1);
  gl.uniform1f(gl.getUniformLocation(program, 'size'), lut.size);
  const strengthAt = gl.getUniformLocation(program, 'strength');
  gl.viewport(0, 0, photo.width, photo.height);

  return {
    kind: 'webgl2',
    render(strength) {
      gl.uniform1f(strengthAt, strength);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    },
  };
}
