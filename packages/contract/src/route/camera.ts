/**
 * The mapping cameras of the payloads the device catalogue (fleet/device-models.ts) knows, as the planners
 * need them: sensor size, real (not 35 mm equivalent) focal length and image size of the camera a mapping
 * route photographs with, which for a multi-camera payload is its wide camera.
 *
 * Sources: DJI's public spec sheets (sensor format, pixel count, 35 mm-equivalent focal length) and the real
 * focal length the cameras write into EXIF, which agrees with equivalent ÷ crop factor; taken as published,
 * not re-checked against the live pages in this change. Sensor sizes of the nominal formats: 4/3″ 17.3 ×
 * 13.0 mm, 1″ 13.2 × 8.8 mm, 1/2″ (48 MP quad-Bayer) 6.4 × 4.8 mm, 1/2.3″ 6.17 × 4.55 mm, 1/1.3″ 9.7 × 7.3
 * mm, full frame (P1) 35.9 × 24.0 mm. The Matrice 4D/4TD figures are those of the Matrice 4E/4T they are
 * built from. camera.test.ts checks the GSD against what DJI states for the P1 (H/80) and Mavic 3E (H/36.5).
 *
 * `payloadEnumValue` is WPML's `payloadInfo/payloadEnumValue` (Cloud API camera enumeration `type`): H20 42,
 * H20T 43, P1 50, M30 camera 52 and L2 84 are the device catalogue's payload types; M30T 53, Mavic 3E 66,
 * Mavic 3T 67 and L1 90742 are DJI's camera enumeration as commonly published; M3D 80, M3TD 81, M4D 98 and
 * M4TD 99 come from community ports of the SDK. None but the catalogue's was re-checked here: the KMZ work
 * should confirm them against real DJI files. H30/H30T are left out (no published figures to hand).
 */
export interface CameraSpec {
  /** stable key of this camera */
  id: string;
  name: string;
  nameEn: string;
  /** device-catalogue model ids this camera belongs to: the aircraft with a built-in camera, or the payload */
  modelIds: readonly string[];
  /** WPML `payloadEnumValue` */
  payloadEnumValue: number;
  /** sensor size of the camera in millimetres (width is the image's long side) */
  sensorWidthMm: number;
  sensorHeightMm: number;
  /** real focal length in millimetres */
  focalLengthMm: number;
  /** image size in pixels */
  imageWidthPx: number;
  imageHeightPx: number;
}

function camera(
  id: string,
  [name, nameEn]: [string, string],
  modelIds: string[],
  payloadEnumValue: number,
  [sensorWidthMm, sensorHeightMm]: [number, number],
  focalLengthMm: number,
  [imageWidthPx, imageHeightPx]: [number, number],
): CameraSpec {
  return {
    id,
    name,
    nameEn,
    modelIds,
    payloadEnumValue,
    sensorWidthMm,
    sensorHeightMm,
    focalLengthMm,
    imageWidthPx,
    imageHeightPx,
  };
}

const FOUR_THIRDS: [number, number] = [17.3, 13.0];
const HALF_INCH_48MP: [number, number] = [6.4, 4.8];
const ONE_OVER_2_3: [number, number] = [6.17, 4.55];

export const CAMERAS: readonly CameraSpec[] = [
  camera(
    'm3e-wide',
    ['Mavic 3E 广角相机', 'Mavic 3E wide camera'],
    ['dji-m3e'],
    66,
    FOUR_THIRDS,
    12.29,
    [5280, 3956],
  ),
  camera(
    'm3t-wide',
    ['Mavic 3T 广角相机', 'Mavic 3T wide camera'],
    ['dji-m3t'],
    67,
    HALF_INCH_48MP,
    4.4,
    [8000, 6000],
  ),
  camera(
    'm3d-wide',
    ['Matrice 3D 广角相机', 'Matrice 3D wide camera'],
    ['dji-m3d'],
    80,
    FOUR_THIRDS,
    12.29,
    [5280, 3956],
  ),
  camera(
    'm3td-wide',
    ['Matrice 3TD 广角相机', 'Matrice 3TD wide camera'],
    ['dji-m3td'],
    81,
    HALF_INCH_48MP,
    4.4,
    [8000, 6000],
  ),
  camera(
    'm30-wide',
    ['M30 广角相机', 'M30 wide camera'],
    ['dji-m30', 'dji-m30-camera'],
    52,
    HALF_INCH_48MP,
    4.5,
    [4000, 3000],
  ),
  camera(
    'm30t-wide',
    ['M30T 广角相机', 'M30T wide camera'],
    ['dji-m30t'],
    53,
    HALF_INCH_48MP,
    4.5,
    [4000, 3000],
  ),
  camera(
    'm4e-wide',
    ['Matrice 4D 广角相机', 'Matrice 4D wide camera'],
    ['dji-m4d'],
    98,
    FOUR_THIRDS,
    12.29,
    [5280, 3956],
  ),
  camera(
    'm4t-wide',
    ['Matrice 4TD 广角相机', 'Matrice 4TD wide camera'],
    ['dji-m4td'],
    99,
    [9.7, 7.3],
    6.72,
    [8064, 6048],
  ),
  camera(
    'p1-35mm',
    ['禅思 P1（35 毫米镜头）', 'Zenmuse P1 (35 mm lens)'],
    ['dji-p1'],
    50,
    [35.9, 24.0],
    35,
    [8192, 5460],
  ),
  camera(
    'h20-wide',
    ['禅思 H20 广角相机', 'Zenmuse H20 wide camera'],
    ['dji-h20'],
    42,
    ONE_OVER_2_3,
    4.5,
    [4056, 3040],
  ),
  camera(
    'h20t-wide',
    ['禅思 H20T 广角相机', 'Zenmuse H20T wide camera'],
    ['dji-h20t'],
    43,
    ONE_OVER_2_3,
    4.5,
    [4056, 3040],
  ),
  camera(
    'l1-rgb',
    ['禅思 L1 可见光相机', 'Zenmuse L1 RGB camera'],
    [],
    90742,
    [13.2, 8.8],
    8.8,
    [5472, 3648],
  ),
  camera(
    'l2-rgb',
    ['禅思 L2 可见光相机', 'Zenmuse L2 RGB camera'],
    ['dji-l2'],
    84,
    FOUR_THIRDS,
    12.29,
    [5280, 3956],
  ),
];

/** The camera a catalogue model (aircraft with a built-in camera, or payload) maps with. */
export function cameraForModel(modelId: string | null | undefined): CameraSpec | undefined {
  return modelId ? CAMERAS.find((entry) => entry.modelIds.includes(modelId)) : undefined;
}

/** The camera of a WPML `payloadEnumValue`. */
export function cameraForPayloadEnum(value: number | null | undefined): CameraSpec | undefined {
  return value === null || value === undefined
    ? undefined
    : CAMERAS.find((entry) => entry.payloadEnumValue === value);
}

/** The camera of its own id. */
export function cameraById(id: string | null | undefined): CameraSpec | undefined {
  return id ? CAMERAS.find((entry) => entry.id === id) : undefined;
}

/**
 * The camera a route of an aircraft and payload (spec §3 Route: aircraft model, pod type) maps with: the
 * payload's when it is a camera of the catalogue (a P1 on an M350), else the aircraft's own (a Mavic 3E).
 */
export function cameraForRoute(
  aircraftModelId: string | null | undefined,
  payloadModelId?: string | null,
): CameraSpec | undefined {
  return cameraForModel(payloadModelId) ?? cameraForModel(aircraftModelId);
}
