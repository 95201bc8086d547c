// Disk of radius 1 with a square hole, triangles of size about 0.1.
lc = 0.1;
Point(1) = {0, 0, 0, lc};
Point(2) = {1, 0, 0, lc}; Point(3) = {0, 1, 0, lc}; Point(4) = {-1, 0, 0, lc}; Point(5) = {0, -1, 0, lc};
Circle(1) = {2, 1, 3}; Circle(2) = {3, 1, 4}; Circle(3) = {4, 1, 5}; Circle(4) = {5, 1, 2};
Point(6) = {-0.3, -0.3, 0, lc}; Point(7) = {0.3, -0.3, 0, lc}; Point(8) = {0.3, 0.3, 0, lc}; Point(9) = {-0.3, 0.3, 0, lc};
Line(5) = {6, 7}; Line(6) = {7, 8}; Line(7) = {8, 9}; Line(8) = {9, 6};
Curve Loop(1) = {1, 2, 3, 4};
Curve Loop(2) = {5, 6, 7, 8};
Plane Surface(1) = {1, 2};
