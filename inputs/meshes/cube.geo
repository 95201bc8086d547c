// Unit cube, tetrahedra of size about 0.2.
SetFactory("OpenCASCADE");
Box(1) = {0, 0, 0, 1, 1, 1};
Mesh.CharacteristicLengthMax = 0.2;
