// The cities the simulated sellers trade in, with real localities, their real pincodes and
// approximate centre coordinates. The storefront's offline reverse geocoder reads this same
// table, so coordinates are kept to about a few hundred metres of each locality's centre.

export type Locality = {
  name: string;
  pincode: string;
  lat: number;
  lng: number;
  /** false for the outskirts no simulated seller delivers to (the "not serviceable" path) */
  served: boolean;
};

export type City = {
  /** lower-case city id, as the storefront's delivery location names it */
  id: string;
  name: string;
  /** ONDC context.city */
  stdCode: string;
  state: string;
  lat: number;
  lng: number;
  localities: readonly Locality[];
};

function served(name: string, pincode: string, lat: number, lng: number): Locality {
  return { name, pincode, lat, lng, served: true };
}

function unserved(name: string, pincode: string, lat: number, lng: number): Locality {
  return { name, pincode, lat, lng, served: false };
}

export const CITIES: readonly City[] = [
  {
    id: 'delhi',
    name: 'Delhi',
    stdCode: 'std:011',
    state: 'Delhi',
    lat: 28.6139,
    lng: 77.209,
    localities: [
      served('Connaught Place', '110001', 28.6315, 77.2167),
      served('Karol Bagh', '110005', 28.6519, 77.1909),
      served('Chandni Chowk', '110006', 28.6506, 77.2303),
      served('Lajpat Nagar', '110024', 28.5677, 77.2433),
      served('Saket', '110017', 28.5245, 77.2066),
      served('Rajouri Garden', '110027', 28.6415, 77.1209),
      served('Mayur Vihar Phase 1', '110091', 28.6044, 77.2947),
      served('Vasant Kunj', '110070', 28.5293, 77.1519),
      served('Dwarka', '110075', 28.5823, 77.05),
      unserved('Narela', '110040', 28.8527, 77.0929),
    ],
  },
  {
    id: 'bengaluru',
    name: 'Bengaluru',
    stdCode: 'std:080',
    state: 'Karnataka',
    lat: 12.9716,
    lng: 77.5946,
    localities: [
      served('HSR Layout', '560102', 12.9121, 77.6446),
      served('Koramangala', '560034', 12.9352, 77.6245),
      served('Indiranagar', '560038', 12.9784, 77.6408),
      served('Jayanagar', '560041', 12.925, 77.5938),
      served('BTM Layout', '560076', 12.9166, 77.6101),
      served('Malleshwaram', '560003', 13.0035, 77.5709),
      served('Whitefield', '560066', 12.9698, 77.75),
      served('Hebbal', '560024', 13.0358, 77.597),
      served('Electronic City', '560100', 12.8452, 77.6602),
      unserved('Yelahanka', '560064', 13.1007, 77.5963),
    ],
  },
  {
    id: 'mumbai',
    name: 'Mumbai',
    stdCode: 'std:022',
    state: 'Maharashtra',
    lat: 19.076,
    lng: 72.8777,
    localities: [
      served('Bandra West', '400050', 19.0596, 72.8295),
      served('Andheri West', '400058', 19.1364, 72.8296),
      served('Powai', '400076', 19.1176, 72.906),
      served('Dadar West', '400028', 19.0178, 72.8478),
      served('Juhu', '400049', 19.1075, 72.8263),
      served('Chembur', '400071', 19.0522, 72.9005),
      served('Goregaon East', '400063', 19.1663, 72.8526),
      served('Colaba', '400005', 18.9067, 72.8147),
      served('Borivali West', '400092', 19.2307, 72.8567),
      unserved('Gorai', '400091', 19.2467, 72.785),
    ],
  },
  {
    id: 'pune',
    name: 'Pune',
    stdCode: 'std:020',
    state: 'Maharashtra',
    lat: 18.5204,
    lng: 73.8567,
    localities: [
      served('Koregaon Park', '411001', 18.5362, 73.894),
      served('Kothrud', '411038', 18.5074, 73.8077),
      served('Shivajinagar', '411005', 18.5308, 73.8475),
      served('Aundh', '411007', 18.558, 73.8075),
      served('Baner', '411045', 18.559, 73.7868),
      served('Viman Nagar', '411014', 18.5679, 73.9143),
      served('Hadapsar', '411028', 18.5089, 73.926),
      served('Hinjawadi', '411057', 18.5913, 73.7389),
      unserved('Wagholi', '412207', 18.5808, 73.9787),
    ],
  },
  {
    id: 'hyderabad',
    name: 'Hyderabad',
    stdCode: 'std:040',
    state: 'Telangana',
    lat: 17.385,
    lng: 78.4867,
    localities: [
      served('Banjara Hills', '500034', 17.4156, 78.4347),
      served('Jubilee Hills', '500033', 17.4325, 78.4073),
      served('Madhapur', '500081', 17.4483, 78.3915),
      served('Gachibowli', '500032', 17.4401, 78.3489),
      served('Ameerpet', '500016', 17.4375, 78.4482),
      served('Secunderabad', '500003', 17.4399, 78.4983),
      served('Kondapur', '500084', 17.47, 78.357),
      served('Kukatpally', '500072', 17.4849, 78.4138),
      served('Charminar', '500002', 17.3616, 78.4747),
      unserved('Shamshabad', '501218', 17.2403, 78.4294),
    ],
  },
  {
    id: 'chennai',
    name: 'Chennai',
    stdCode: 'std:044',
    state: 'Tamil Nadu',
    lat: 13.0827,
    lng: 80.2707,
    localities: [
      served('T. Nagar', '600017', 13.0418, 80.2341),
      served('Adyar', '600020', 13.0012, 80.2565),
      served('Anna Nagar', '600040', 13.085, 80.2101),
      served('Mylapore', '600004', 13.0368, 80.2676),
      served('Nungambakkam', '600034', 13.0569, 80.2425),
      served('Velachery', '600042', 12.9815, 80.218),
      served('Besant Nagar', '600090', 13.0003, 80.2667),
      served('Porur', '600116', 13.0382, 80.1565),
      unserved('Tambaram', '600045', 12.9249, 80.1),
    ],
  },
];
